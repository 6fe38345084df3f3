"""`triton.language.extra`: libdevice (`extra.libdevice`, `extra.cuda.libdevice`)."""

from . import cuda, libdevice  # noqa: F401
