"""pytest hooks for running upstream's test_core.py with the drop-in backend: a
`device` fixture, per-process backend statistics, and SHARD=i/n / SELECT=file
selection (bench/upstream-tests/run.sh)."""
import pytest


def pytest_addoption(parser):
    parser.addoption("--device", action="store", default="cuda")


@pytest.fixture
def device(request):
    return request.config.getoption("--device")


def pytest_sessionfinish(session):
    import json
    import os
    if os.environ.get("TRITONDIALECT"):
        from tritondialect import upstream
        with open(f"/tmp/tdstats-{os.getpid()}.json", "w") as f:
            json.dump(upstream.stats(), f)


def pytest_collection_modifyitems(config, items):
    # SHARD=i/n keeps the tests whose node id hashes to i (stable across runs).
    import os
    import zlib
    select = os.environ.get("SELECT")
    if select:
        ids = set(open(select).read().split())
        # The summary prints node ids relative to the invocation directory;
        # item.nodeid is relative to the rootdir (the repository root when
        # its pyproject.toml is found). Compare from the file name on.
        keep = [it for it in items if it.nodeid in ids or it.nodeid[it.nodeid.find("test_core.py::"):] in ids]
        config.hook.pytest_deselected(items=[it for it in items if it not in keep])
        items[:] = keep
        return
    shard = os.environ.get("SHARD")
    if not shard:
        return
    i, n = (int(x) for x in shard.split("/"))
    keep = [it for it in items if zlib.crc32(it.nodeid.encode()) % n == i]
    config.hook.pytest_deselected(items=[it for it in items if it not in keep])
    items[:] = keep
