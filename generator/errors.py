"""Generator failures (bad Markdown, template, package or document -> one error with code and details)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

BAD_PARAMETERS = 1010  # the service's "bad parameters" code (see docs/spec.md)
NOT_FOUND = 1001
TEMPLATE_LIMIT = 1015  # a template went over its render limits (generator.render_bounds)


@dataclass(frozen=True)
class Problem:
    """One problem: the request field (or JSON path, or package file) it concerns and why."""

    field: str
    reason: str

    def to_dict(self) -> dict[str, str]:
        return {"field": self.field, "reason": self.reason}


class GeneratorError(Exception):
    """Raised for every input the generator refuses. `code` is 1010 (bad parameters) or 1001
    (unknown template id); `problems` lists each `{field, reason}` (at most 20)."""

    def __init__(self, message: str, problems: list[Problem], code: int = BAD_PARAMETERS):
        self.code = code
        self.message = message
        self.problems = problems[:20]
        super().__init__(
            f"{code} {message}: " + "; ".join(f"{p.field}: {p.reason}" for p in self.problems)
        )

    @property
    def field(self) -> str:
        """The first problem's field (`markdown`, `templateId`, `$.pages[2].title`, a zip member)."""
        return self.problems[0].field if self.problems else ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message,
            "errorDetails": [p.to_dict() for p in self.problems],
        }


def bad(field: str, reason: str, message: str = "bad parameters") -> GeneratorError:
    return GeneratorError(message, [Problem(field, reason)])
