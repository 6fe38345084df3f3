# Experiment driver: our PTX edited by PTX_EDIT (python expression over `p`) or by
# edit(p) from the file PTX_EDIT_FILE, then a bench script.
import os, re, runpy, sys
import tritondialect, tritondialect.upstream as up
orig = up.compile_ttir
edit = os.environ.get("PTX_EDIT", "p")
edit_file = os.environ.get("PTX_EDIT_FILE")
fn = None
if edit_file:
    ns = {}
    exec(open(edit_file).read(), ns)
    fn = ns["edit"]
def patched(ttir, **kw):
    k = orig(ttir, **kw)
    p = k.ptx
    q = fn(p) if fn else eval(edit, {"re": re, "p": p})
    if q != p:
        print("patched ptx", file=sys.stderr)
    return type(k)(q, k.metadata, k.ttgir, k.llir)
up.compile_ttir = patched
script = sys.argv[1]
sys.argv = sys.argv[1:]
runpy.run_path(script, run_name="__main__")
