"""Wall-clock time of each stage of a report (``gecscope meta report --timings``).

>>> clock = StageClock()
>>> with clock.stage("demo"):
...     pass
>>> list(clock.seconds)
['demo']
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from dataclasses import dataclass, field


@dataclass
class StageClock:
    """Seconds per named stage, in the order the stages ran (a repeated stage adds up)."""

    seconds: dict[str, float] = field(default_factory=dict)

    @contextlib.contextmanager
    def stage(self, name: str) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.seconds[name] = self.seconds.get(name, 0.0) + time.perf_counter() - start

    def to_json(self) -> str:
        """``{"stages": {name: seconds}, "total": seconds}``, rounded to milliseconds."""
        stages = {k: round(v, 3) for k, v in self.seconds.items()}
        return json.dumps({"stages": stages, "total": round(sum(self.seconds.values()), 3)})
