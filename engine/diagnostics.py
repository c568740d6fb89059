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


def css_text(value: object, limit: int = 80) -> str:
    """A computed value written back as CSS for a diagnostic (`2px 4px 6px rgba(0,0,0,0.5)`),
    never a Python repr; cut to `limit` characters with an ellipsis."""
    text = _css(value)
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _css(value: object) -> str:
    # Duck-typed so this module imports nothing from the pipeline stages.
    if value is None:
        return "none"
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return _num(float(value))
    fields = getattr(value, "_fields", None)
    if fields == ("r", "g", "b", "a"):
        r, g, b, a = (getattr(value, n) for n in fields)
        return f"rgb({r} {g} {b})" if a >= 1 else f"rgb({r} {g} {b} / {_num(a)})"
    if fields and {"x", "y", "blur", "spread", "color"} <= set(fields):
        v: object = value
        parts = [f"{_num(getattr(v, n))}px" for n in ("x", "y", "blur")]
        if getattr(v, "spread", 0):
            parts.append(f"{_num(v.spread)}px")  # type: ignore[attr-defined]
        parts.append(_css(getattr(v, "color", None)))
        if getattr(v, "inset", False):
            parts.insert(0, "inset")
        return " ".join(parts)
    if isinstance(value, tuple | list):
        return ", ".join(_css(v) for v in value) if value else "none"
    return str(value)


def _num(x: float) -> str:
    return f"{x:.3f}".rstrip("0").rstrip(".") if x != int(x) else str(int(x))
