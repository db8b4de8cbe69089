"""At most two glibc malloc arenas in a web worker.

glibc gives a thread that allocates while another holds the main arena an arena of its own (up to
eight per core), and what is freed in one arena is not reused by another. A worker runs its sync
endpoints in anyio's pool of up to 40 threads, so its heap spreads over many arenas: after serving
100 active games (`bench.scale.memory`) it holds 171 MB, with two arenas 161–164 MB, at no cost the
benchmarks measure (the GIL serialises most allocations anyway). This is ``MALLOC_ARENA_MAX=2``
set from inside, so every way of running the app gets it; a ``MALLOC_ARENA_MAX`` set by whoever
starts the process wins. Elsewhere than glibc (musl, macOS) nothing changes.
"""

from __future__ import annotations

import ctypes
import os

M_ARENA_MAX = -8  # glibc's <malloc.h>
ARENAS = 2


def limit_arenas(count: int = ARENAS) -> bool:
    """Cap the arenas of threads started from now on; True when the C library took it."""
    if os.environ.get("MALLOC_ARENA_MAX"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # not glibc
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    return bool(mallopt(M_ARENA_MAX, count))
