"""Bounded template rendering (a Jinja2 sandbox + RenderBounds -> a render that fails with
TemplateLimitError instead of taking the host's memory or a worker's time).

What a template may build is capped where it grows: string-growing filters and methods
(`center`, `ljust`, `indent`, `format`, `replace`, `join`, `zfill`, ...), `*`, `+`, `%` and `~`
(concatenation) refuse results over `max_string_chars`; `range()` is at most `max_range` long;
a page's output stops at `max_output_chars`; and a render gets `cpu_s` seconds of CPU time,
checked on every sandboxed call, attribute, `range()` step and concatenation, and (in a
process's main thread, as in the worker pool) by a CPU timer that interrupts pure loops. The
worker process's memory limit (RLIMIT_AS) stays the last line: a MemoryError is a template
failure too.

    bounded_render(env, name, context, bounds) -> str
"""

from __future__ import annotations

import contextlib
import operator
import signal
import string
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from jinja2 import Environment, nodes
from jinja2.compiler import CodeGenerator, Frame, optimizeconst
from jinja2.nodes import EvalContext
from jinja2.runtime import Context
from jinja2.sandbox import SandboxedEnvironment, SecurityError


@dataclass(frozen=True)
class RenderBounds:
    """Limits of one page render (service settings DECKFORGE_TEMPLATE_*)."""

    max_string_chars: int = 100_000
    max_range: int = 1000
    max_output_chars: int = 2_000_000
    cpu_s: float = 2.0


class TemplateLimitError(SecurityError):
    """A render went over one of its RenderBounds."""


_current = threading.local()
_PASSED = (Environment, EvalContext, Context)
_DEFAULT = RenderBounds()
_configured: list[RenderBounds] = [_DEFAULT]


class _Exhausted:
    """How often a render ran out of memory in this process (the worker gives memory back)."""

    count = 0


def memory_exhausted() -> int:
    return _Exhausted.count


def note_memory_exhausted() -> None:
    _Exhausted.count += 1


def configure(bounds: RenderBounds) -> None:
    """The bounds of every later render in this process (set by the worker pool's workers)."""
    _configured[0] = bounds


def current_bounds() -> RenderBounds:
    return _configured[0]


def _bounds() -> RenderBounds:
    found: RenderBounds | None = getattr(_current, "bounds", None)
    return found if found is not None else _configured[0]


def check_time() -> None:
    deadline: float | None = getattr(_current, "deadline", None)
    if deadline is not None and time.process_time() > deadline:
        raise TemplateLimitError(f"render took over {_bounds().cpu_s:g} s of CPU time")


def _check_size(size: int, what: str) -> None:
    limit = _bounds().max_string_chars
    if size > limit:
        raise TemplateLimitError(f"{what} would be {size} characters; at most {limit}")


def _int_arg(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _format_widths(fmt: str) -> int:
    """The largest width or precision written in a str.format / format-filter string."""
    widest = 0
    with contextlib.suppress(ValueError):
        for _, _, spec, _ in string.Formatter().parse(fmt):
            digits = ""
            for ch in (spec or "") + " ":
                if ch.isdigit():
                    digits += ch
                    continue
                if digits:
                    widest = max(widest, int(digits) if len(digits) < 12 else 10**12)
                digits = ""
    return widest


def _percent_widths(fmt: str) -> int:
    """The largest width or precision written in a printf-style (`%`) string."""
    widest, digits = 0, ""
    for ch in fmt + " ":
        if ch.isdigit() and ch.isascii():
            digits += ch
            continue
        if digits:
            widest = max(widest, int(digits) if len(digits) < 12 else 10**12)
        digits = ""
    return widest


def _joined_size(parts: Any, sep: str) -> int:
    items = list(parts) if not isinstance(parts, (list, tuple)) else parts
    return sum(len(str(p)) for p in items) + len(sep) * max(len(items) - 1, 0)


def check_str_call(obj: str, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """Refuse a str method call whose result would be over the string limit."""
    numbers = [_int_arg(a) for a in (*args, *kwargs.values())]
    widest = max([abs(n) for n in numbers] or [0])
    if name in ("center", "ljust", "rjust", "zfill"):
        _check_size(max(widest, len(obj)), f"{name}()")
    elif name == "expandtabs":
        _check_size(len(obj) * max(widest, 8), "expandtabs()")
    elif name in ("format", "format_map"):
        _check_size(max(widest, _format_widths(obj)), "format()")
    elif name == "replace" and len(args) >= 2:
        old, new = str(args[0]), str(args[1])
        hits = obj.count(old) if old else len(obj) + 1
        _check_size(len(obj) + hits * len(new), "replace()")
    elif name == "join" and args:
        _check_size(_joined_size(args[0], obj), "join()")


def _bounded_filter(name: str, original: Callable[..., Any]) -> Callable[..., Any]:
    """A string-growing filter that checks its result size first."""

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        check_time()
        rest = [a for a in args if not isinstance(a, _PASSED)]  # drop a passed context
        value = rest[0] if rest else ""
        numbers = [_int_arg(a) for a in (*rest[1:], *kwargs.values())]
        widest = max([abs(n) for n in numbers] or [0])
        if name == "center":
            _check_size(max(widest, len(str(value))), "center")
        elif name == "indent":
            text = str(value)
            lines = text.count("\n") + 1
            _check_size(
                len(text) + lines * max(widest, len(str(kwargs.get("width", "")))), "indent"
            )
        elif name == "format":
            fmt = str(value)
            _check_size(max(widest, _format_widths(fmt), _percent_widths(fmt)), "format")
        elif name == "replace" and len(rest) >= 3:
            text, old, new = str(value), str(rest[1]), str(rest[2])
            hits = text.count(old) if old else len(text) + 1
            _check_size(len(text) + hits * len(new), "replace")
        elif name == "join":
            sep = str(rest[1]) if len(rest) > 1 else str(kwargs.get("d", ""))
            _check_size(_joined_size(list(value), sep), "join")
        elif name == "wordwrap":
            _check_size(2 * len(str(value)), "wordwrap")
        return original(*args, **kwargs)

    wrapper.__dict__.update(getattr(original, "__dict__", {}))  # keep pass_context & co.
    wrapper.__name__ = getattr(original, "__name__", name)
    return wrapper


GROWING_FILTERS = ("center", "indent", "format", "replace", "join", "wordwrap")


class _BoundedCodeGenerator(CodeGenerator):
    """Concatenation (`~`) goes through the environment, so its size is checked."""

    @optimizeconst
    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        if frame.eval_ctx.volatile:
            func_name = "(markup_join if context.eval_ctx.volatile else str_join)"
        elif frame.eval_ctx.autoescape:
            func_name = "markup_join"
        else:
            func_name = "str_join"
        self.write(f"environment.bounded_concat({func_name}, (")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


class BoundedSandbox(SandboxedEnvironment):
    """Jinja's sandbox with every growth and the render's time bounded (see the module doc)."""

    code_generator_class = _BoundedCodeGenerator
    intercepted_binops = frozenset(["*", "**", "+", "%"])

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in GROWING_FILTERS:
            if name in self.filters:
                self.filters[name] = _bounded_filter(name, self.filters[name])
        self.globals["range"] = bounded_range

    def bounded_concat(self, join: Callable[[Any], str], parts: tuple[Any, ...]) -> str:
        check_time()
        _check_size(sum(len(str(p)) for p in parts), "~")
        return join(parts)

    def call_binop(self, context: Any, operator_name: str, left: Any, right: Any) -> Any:
        check_time()
        if operator_name == "**":
            if abs(float(right)) > 64 or abs(float(left)) > 10**6:
                raise TemplateLimitError("exponent too large")
            return operator.pow(left, right)
        if operator_name == "+":
            if isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)):
                _check_size(len(left) + len(right), "+")
            return operator.add(left, right)
        if operator_name == "%":
            if isinstance(left, str):
                values = right if isinstance(right, tuple) else (right,)
                widest = max([abs(_int_arg(v)) for v in values] or [0])
                _check_size(max(widest, _percent_widths(left)), "%")
            return operator.mod(left, right)
        for seq, count in ((left, right), (right, left)):
            if isinstance(seq, (str, list, tuple)) and isinstance(count, int):
                _check_size(len(seq) * max(count, 0), "*")
        return operator.mul(left, right)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        check_time()
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, str):
            check_str_call(owner, getattr(__obj, "__name__", ""), args, kwargs)
        return super().call(__context, __obj, *args, **kwargs)

    def getattr(self, obj: Any, attribute: str) -> Any:
        check_time()
        return super().getattr(obj, attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        check_time()
        return super().getitem(obj, argument)


def bounded_range(*args: int) -> Iterator[int]:
    r = range(*args)
    limit = _bounds().max_range
    if len(r) > limit:
        raise TemplateLimitError(f"range() longer than {limit}")
    return _ticking(r)


def _ticking(values: range) -> Iterator[int]:
    for value in values:
        check_time()
        yield value


class _CpuTimer:
    """In a main thread: SIGPROF after `seconds` of process CPU time raises TemplateLimitError
    (interrupts loops that make no sandboxed call). Elsewhere: nothing (the checks remain)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.armed = False
        self.previous: Any = None

    def __enter__(self) -> _CpuTimer:
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGPROF, _on_cpu_timer)
            signal.setitimer(signal.ITIMER_PROF, self.seconds + 0.05)
            self.armed = True
        return self

    def __exit__(self, *exc: object) -> None:
        if self.armed:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, self.previous or signal.SIG_DFL)


def _on_cpu_timer(_signum: int, _frame: Any) -> None:
    if getattr(_current, "deadline", None) is not None:
        raise TemplateLimitError(f"render took over {_bounds().cpu_s:g} s of CPU time")


def bounded_render(
    env: SandboxedEnvironment,
    name: str,
    context: dict[str, Any],
    bounds: RenderBounds | None = None,
) -> str:
    """Render template `name` of `env` within `bounds` (default: the process's configured
    ones); raises TemplateLimitError (or MemoryError) past them."""
    bounds = bounds or _configured[0]
    template = env.get_template(name)
    outer = (getattr(_current, "deadline", None), getattr(_current, "bounds", None))
    _current.bounds = bounds
    _current.deadline = time.process_time() + bounds.cpu_s
    try:
        with _CpuTimer(bounds.cpu_s):
            parts: list[str] = []
            size = 0
            for chunk in template.generate(**context):
                size += len(chunk)
                if size > bounds.max_output_chars:
                    raise TemplateLimitError(f"output over {bounds.max_output_chars} characters")
                parts.append(chunk)
            return "".join(parts)
    finally:
        _current.deadline, _current.bounds = outer
