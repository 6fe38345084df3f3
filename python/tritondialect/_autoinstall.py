"""Run at interpreter start by tritondialect.pth: TRITONDIALECT=1 (or
`strict`) turns the backend on without editing the program."""

import os


def run():
    mode = os.environ.get("TRITONDIALECT", "").strip().lower()
    if mode in ("", "0", "off", "false", "no"):
        return
    try:
        import tritondialect

        tritondialect.install(strict=(mode == "strict"))
    except Exception as e:  # an interpreter must still start
        import sys

        print(f"tritondialect: TRITONDIALECT={mode} but the backend could not be installed: {e}", file=sys.stderr)
        if mode == "strict":
            raise


run()
