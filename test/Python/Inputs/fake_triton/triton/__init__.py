"""A stand-in for upstream Triton 3.6's interface to a stages hook, for
testing tritondialect's wiring without a GPU: `knobs.runtime
.add_stages_inspection_hook`, and a CUDA backend whose add_stages fills
the stage dict and calls the hook with (backend, stages, options,
language, capability), as upstream's does. Its stages return markers."""

from types import SimpleNamespace

knobs = SimpleNamespace(runtime=SimpleNamespace(add_stages_inspection_hook=None))
