# ===- bench/calibration/cuda_timing.py - CUDA-event timing ---------------=== #
#
# The timing loop the calibration scripts share: warm up, then time `reps`
# calls between two CUDA events.
#
# ===---------------------------------------------------------------------=== #

import torch


def time_ms(fn, reps, warmup, before_start=None):
    """Mean milliseconds per call of `fn` over `reps` calls, after `warmup`
    untimed calls and `before_start()` (e.g. a barrier), if given."""
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    if before_start is not None:
        before_start()
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(reps):
        fn()
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end) / reps
