"""Operations as the frontend builds them, before they are printed.

An `Op` is one TTIR operation: the results it defines, its `head` (the op
name with the operands and the custom syntax upstream's assembly format puts
before the attribute dictionary: `tt.load %0, %1 cacheModifier = ca`), its
attributes (name -> value text, printed once as `{name = value, ...}`), its
`tail` (syntax between the dictionary and the types: an `arith.constant`'s
value), its type signature (after ` : `) and its location. Attributes stay
data until the op is printed: a hint (`tt.divisibility`, ...) is added to the
op that produced a value, and no emitted text is ever edited.
"""

from __future__ import annotations


class Op:
    """One operation at one indentation; str() prints it as a TTIR line."""

    __slots__ = ("results", "head", "attrs", "tail", "types", "loc", "indent")

    def __init__(self, head, types="", results="", attrs=None, tail="", loc="", indent=""):
        self.results = results
        self.head = head
        self.attrs = dict(attrs or {})
        self.tail = tail
        self.types = types
        self.loc = loc
        self.indent = indent

    def add_attribute(self, name, value):
        self.attrs[name] = value

    def __str__(self):
        text = f"{self.results} = {self.head}" if self.results else self.head
        if self.attrs:
            text += " {" + ", ".join(f"{k} = {v}" for k, v in self.attrs.items()) + "}"
        text += self.tail
        if self.types:
            text += f" : {self.types}"
        return f"{self.indent}{text}{self.loc}"


def render(lines):
    """The body text of a list of emitted lines (ops and region syntax)."""
    return "\n".join(str(line) for line in lines)
