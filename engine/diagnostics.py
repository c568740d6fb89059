"""Diagnostics: what the engine dropped, ignored or could not map (events -> per-page report)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One thing the engine dropped, ignored or could not map."""

    kind: str  # 'css', 'html', 'unsupported', 'resource', 'font', 'layout', 'limit'
    message: str
    where: str = ""

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "message": self.message, "where": self.where}


@dataclass(slots=True)
class Diagnostics:
    """Collector passed down one page's pipeline; keeps at most `limit` entries."""

    items: list[Diagnostic] = field(default_factory=list)
    limit: int = 500
    dropped: int = 0

    def add(self, kind: str, message: str, where: str = "") -> None:
        if len(self.items) >= self.limit:
            self.dropped += 1
            return
        self.items.append(Diagnostic(kind, message, where))

    def to_list(self) -> list[dict[str, str]]:
        out = [d.to_dict() for d in self.items]
        if self.dropped:
            out.append(
                {
                    "kind": "limit",
                    "message": f"{self.dropped} more diagnostics dropped",
                    "where": "",
                }
            )
        return out
