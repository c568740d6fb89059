"""Structural selectors: cssselect parse trees with sibling combinators (+ ~) and :nth-*() / :first-*
pseudo-classes -> memoised right-to-left matchers, linear in the number of elements.

XPath (cssselect's translation) evaluates `a ~ b` as following-sibling::b from every `a` and
:nth-child() as count(preceding-sibling::*) from every candidate: quadratic in the number of
siblings. Here every compound's result per element is computed once per page (memo), sibling
positions once per parent, and "some ancestor / some earlier sibling matches" is filled along
the walk, so a selector costs O(elements) whatever its combinators. Anything not handled here
(:has(), :lang(), `of S`, namespaces) returns None from `compile_structural` and stays XPath.
"""

from __future__ import annotations

from typing import Any

from cssselect import parser as css

_SIBLING_PSEUDOS = frozenset(
    (
        "first-child",
        "last-child",
        "only-child",
        "first-of-type",
        "last-of-type",
        "only-of-type",
        "empty",
        "root",
    )
)
_NTH = frozenset(("nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type"))


class Unsupported(Exception):
    pass


class Memo:
    """Per-page caches shared by every structural selector of the page."""

    __slots__ = ("results", "kids", "typed")

    def __init__(self) -> None:
        self.results: dict[int, dict[Any, bool]] = {}
        self.kids: dict[Any, tuple[list[Any], dict[Any, int]]] = {}
        self.typed: dict[Any, dict[Any, tuple[int, int]]] = {}

    def children(self, parent: Any) -> tuple[list[Any], dict[Any, int]]:
        found = self.kids.get(parent)
        if found is None:
            kids = [c for c in parent if isinstance(c.tag, str)]
            found = self.kids[parent] = (kids, {c: i for i, c in enumerate(kids)})
        return found

    def position(self, el: Any) -> tuple[int, int]:
        """(1-based index among element siblings, number of element siblings)."""
        parent = el.getparent()
        if parent is None:
            return 1, 1
        kids, index = self.children(parent)
        return index[el] + 1, len(kids)

    def type_position(self, el: Any) -> tuple[int, int]:
        """(1-based index among siblings of the same tag, number of such siblings)."""
        parent = el.getparent()
        if parent is None:
            return 1, 1
        table = self.typed.get(parent)
        if table is None:
            counts: dict[str, int] = {}
            order: list[tuple[Any, int]] = []
            for kid in self.children(parent)[0]:
                n = counts.get(kid.tag, 0) + 1
                counts[kid.tag] = n
                order.append((kid, n))
            table = self.typed[parent] = {kid: (n, counts[kid.tag]) for kid, n in order}
        return table[el]


class Node:
    """A compiled selector node: `test(el, memo)` says whether el matches."""

    def test(self, el: Any, memo: Memo) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError


class Compound(Node):
    """Simple selectors on one element (all must hold)."""

    def __init__(self, tag: str | None, checks: list[Any]) -> None:
        self.tag = tag
        self.checks = checks
        self.classes: list[str] = []
        self.ident: str | None = None

    def test(self, el: Any, memo: Memo) -> bool:
        tag = self.tag
        if tag is not None:
            t = el.tag
            if not isinstance(t, str) or (t != tag and t.lower() != tag):
                return False
        return all(check(el, memo) for check in self.checks)


def _nth(a: int, b: int, i: int) -> bool:
    if a == 0:
        return i == b
    return (i - b) % a == 0 and (i - b) // a >= 0


def _attrib(name: str, op: str, value: str | None) -> Any:
    def test(el: Any, memo: Memo) -> bool:
        got = el.get(name)
        if got is None:
            return False
        if op == "exists":
            return True
        assert value is not None
        if op == "=":
            return bool(got == value)
        if op == "~=":
            return value in got.split()
        if op == "|=":
            return bool(got == value or got.startswith(value + "-"))
        if op == "^=":
            return bool(value) and got.startswith(value)
        if op == "$=":
            return bool(value) and got.endswith(value)
        if op == "*=":
            return bool(value) and value in got
        return bool(got != value)  # '!=' (cssselect extension)

    if op not in ("exists", "=", "~=", "|=", "^=", "$=", "*=", "!="):
        raise Unsupported(op)
    return test


def _pseudo(ident: str) -> Any:
    ident = ident.lower()
    if ident not in _SIBLING_PSEUDOS:
        raise Unsupported(ident)

    def test(el: Any, memo: Memo) -> bool:
        if ident == "root":
            return el.getparent() is None
        if ident == "empty":
            return len(el) == 0 and not el.text
        if ident.endswith("of-type"):
            i, n = memo.type_position(el)
        else:
            i, n = memo.position(el)
        if ident.startswith("first"):
            return i == 1
        if ident.startswith("last"):
            return i == n
        return n == 1

    return test


def _function(fn: Any) -> Any:
    name = fn.name.lower()
    if name not in _NTH:
        raise Unsupported(name)
    if any(t.type == "IDENT" and str(t.value).lower() == "of" for t in fn.arguments):
        raise Unsupported("of S")
    try:
        a, b = css.parse_series(fn.arguments)
    except (ValueError, TypeError) as exc:
        raise Unsupported(str(exc)) from None
    last = "last" in name
    typed = name.endswith("of-type")

    def test(el: Any, memo: Memo) -> bool:
        i, n = memo.type_position(el) if typed else memo.position(el)
        return _nth(a, b, n - i + 1 if last else i)

    return test


def _compound(tree: Any) -> Compound:
    checks: list[Any] = []
    classes: list[str] = []
    ident: str | None = None
    while not isinstance(tree, css.Element):
        if isinstance(tree, css.Class):
            name = tree.class_name
            classes.append(name)
            checks.append(lambda el, memo, name=name: name in (el.get("class") or "").split())
        elif isinstance(tree, css.Hash):
            ident = tree.id
            checks.append(lambda el, memo, ident=ident: el.get("id") == ident)
        elif isinstance(tree, css.Attrib):
            if tree.namespace:
                raise Unsupported("namespace")
            value = None if tree.value is None else str(tree.value.value)
            checks.append(_attrib(tree.attrib.lower(), tree.operator, value))
        elif isinstance(tree, css.Pseudo):
            checks.append(_pseudo(tree.ident))
        elif isinstance(tree, css.Function):
            checks.append(_function(tree))
        elif isinstance(tree, css.Negation):
            inner = compile_tree(tree.subselector)
            checks.append(lambda el, memo, inner=inner: not inner.test(el, memo))
        elif isinstance(tree, (css.Matching, css.SpecificityAdjustment)):
            options = [compile_tree(s) for s in tree.selector_list]
            checks.append(lambda el, memo, options=options: any(o.test(el, memo) for o in options))
        else:
            raise Unsupported(type(tree).__name__)
        tree = tree.selector
    if tree.namespace:
        raise Unsupported("namespace")
    tag = tree.element
    compound = Compound(None if tag in (None, "*") else tag.lower(), checks[::-1])
    compound.classes = classes
    compound.ident = ident
    return compound


class Combined(Node):
    """`left <combinator> right`, matched right to left with per-page memos of the left side."""

    def __init__(self, left: Node, combinator: str, right: Node) -> None:
        if combinator not in (" ", ">", "+", "~"):
            raise Unsupported(combinator)
        self.left = left
        self.combinator = combinator
        self.right = right

    def test(self, el: Any, memo: Memo) -> bool:
        if not self.right.test(el, memo):
            return False
        comb = self.combinator
        if comb == ">":
            parent = el.getparent()
            return parent is not None and _memo_test(self.left, parent, memo)
        if comb == "+":
            prev = _previous(el)
            return prev is not None and _memo_test(self.left, prev, memo)
        step = _previous if comb == "~" else _parent
        return _reaches(self.left, step(el), step, memo, comb)


def _previous(el: Any) -> Any:
    prev = el.getprevious()
    while prev is not None and not isinstance(prev.tag, str):
        prev = prev.getprevious()
    return prev


def _parent(el: Any) -> Any:
    return el.getparent()


def _memo_test(node: Node, el: Any, memo: Memo) -> bool:
    table = memo.results.setdefault(id(node), {})
    found = table.get(el)
    if found is None:
        found = table[el] = node.test(el, memo)
    return found


def _reaches(node: Node, start: Any, step: Any, memo: Memo, comb: str) -> bool:
    """Does `start` or an element reached from it by `step` (ancestors / earlier siblings) match
    `node`? Filled along the walk, so every element is decided once per page and node."""
    table = memo.results.setdefault(id(node) * 4 + (1 if comb == "~" else 2), {})
    walked: list[Any] = []
    el = start
    result = False
    while el is not None:
        known = table.get(el)
        if known is not None:
            result = known
            break
        if _memo_test(node, el, memo):
            result = True
            table[el] = True
            break
        walked.append(el)
        el = step(el)
    for w in walked:
        table[w] = result
    return result


def compile_tree(tree: Any) -> Node:
    if isinstance(tree, css.CombinedSelector):
        return Combined(
            compile_tree(tree.selector), tree.combinator, compile_tree(tree.subselector)
        )
    return _compound(tree)


def compile_structural(parsed: Any) -> Node | None:
    """A cssselect Selector -> a structural matcher, or None when XPath must handle it."""
    try:
        return compile_tree(parsed.parsed_tree)
    except Unsupported:
        return None


def rightmost(node: Node) -> Compound:
    """The compound an element must match itself (used to pick candidates from the index)."""
    while isinstance(node, Combined):
        node = node.right
    assert isinstance(node, Compound)
    return node
