"""Loading one of upstream's tutorials (read through the search tool into
an ignored folder, never committed) as a module, compiled by upstream's
stages or by ours, for the tutorial benchmarks (tutorial_attention.py,
tutorial_persistent_matmul.py)."""
import importlib.util


def load_tutorial(path, name, who):
    """The tutorial at `path` as module `name`; with who == "ours", our
    pipeline in upstream's stages (strict: a fallback is an error)."""
    spec = importlib.util.spec_from_file_location(name, path)
    tutorial = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tutorial)
    if who == "ours":
        import tritondialect

        tritondialect.install(strict=True)
    return tutorial
