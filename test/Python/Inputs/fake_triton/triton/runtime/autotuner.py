"""A stand-in for upstream Triton 3.6's Autotuner, as far as tritondialect
relies on it: run() sets `nargs` from its positional arguments, calls
prune_configs(kwargs) only for a key it has not tuned, benchmarks each
config it returns (here: launches it, asking the function), then launches
the best one."""


class Config:

    def __init__(self, **kwargs):
        self.kwargs = kwargs

    def all_kwargs(self):
        return dict(self.kwargs)

    def __repr__(self):
        return f"Config({self.kwargs})"


class Autotuner:

    def __init__(self, fn, arg_names, configs, key):
        self.fn, self.arg_names, self.configs, self.keys = fn, arg_names, configs, key
        self.cache = {}
        self.nargs = None

    def prune_configs(self, kwargs):
        return self.configs

    def run(self, *args, **kwargs):
        self.nargs = dict(zip(self.arg_names, args))
        key = tuple(self.nargs[k] for k in self.keys)
        if key not in self.cache:
            pruned = self.prune_configs(kwargs)
            timings = {c: self.fn.bench(*args, **dict(kwargs, **c.all_kwargs())) for c in pruned}
            self.cache[key] = min(timings, key=timings.get)
        self.nargs = None
        return self.fn.run(*args, **dict(kwargs, **self.cache[key].all_kwargs()))
