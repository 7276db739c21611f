"""Loopback ports for the tests' servers, each handed out once in a test process.

A port found by binding port 0 comes from the kernel's ephemeral range, shared by every
process: a server stopped and started again on its port (a restart, a host that goes away and
comes back) can find it taken meanwhile by another test process's new server, and the browser
then talks to that one. So each test process (each pytest-xdist worker, the unit tests beside
the browser tests) takes its ports one after another from a block of its own below that range.
"""

from __future__ import annotations

import itertools
import os
import socket

FIRST, BLOCK, BLOCKS = 12_000, 400, 48
"""Ports 12000–31199: below Linux's ephemeral range (32768–60999), 48 blocks of 400."""


def _block() -> int:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")  # gw0, gw1, … under pytest-xdist
    if worker.startswith("gw") and worker[2:].isdigit():
        return int(worker[2:]) % (BLOCKS // 2)
    return BLOCKS // 2 + os.getpid() % (BLOCKS // 2)  # a process of its own: by its pid


_start = FIRST + _block() * BLOCK
_next = itertools.count(_start)


def free_port(host: str = "127.0.0.1") -> int:
    """A port on ``host`` that no server holds now and that this process has not handed out before."""
    for port in _next:
        if port >= _start + BLOCK:
            raise RuntimeError(f"this test process used all {BLOCK} of its ports ({_start}–{port - 1})")
        with socket.socket() as probe:
            try:
                probe.bind((host, port))
            except OSError:
                continue  # held by a server of another process (or closing): the next
            return port
    raise AssertionError("unreachable")
