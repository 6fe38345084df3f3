"""Host-side helpers under upstream's `triton.tools` names."""
