"""`triton.language.extra.cuda`: NVIDIA's libdevice under its CUDA name."""

from .. import libdevice  # noqa: F401
