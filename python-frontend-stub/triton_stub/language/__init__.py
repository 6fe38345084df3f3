"""`import triton_stub.language as tl`: upstream's `triton.language` names:
the types (`language/types.py`), the builtins (`language/core.py`), the
standard library (`language/standard.py`) and `tl.extra`.
"""

from .types import *  # noqa: F401,F403
from .core import *  # noqa: F401,F403
from . import core, types  # noqa: F401
from . import extra  # noqa: E402,F401  (tl.extra.cuda.libdevice)
from . import standard  # noqa: E402,F401  (triton.language.standard)
