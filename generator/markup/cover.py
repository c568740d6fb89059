"""What a document's cover says about its subject.

- The subtitle: the intro's first sentence when it describes the subject ("`fd` is a program
  to find entries in your filesystem." -> "A program to find entries in your filesystem"):
  it names the document's title (or project) and says what it is. Badges, logos and link rows
  before it are skipped; the intro itself keeps the sentence.
- A generic title ("Changelog", "QuickStart", "Release notes", "README", "Introduction"...)
  is completed with the project's name when the document states it unambiguously: its front
  matter (`project:`, `package:`...), the one repository its links point at that its text
  names far more than any other, or the module its first code imports that its prose names
  ("First, start by importing HTTPX:" above `import httpx`). Else the title is left as is.

Everything is read from the parsed blocks (spans, link targets, code text), never from markup.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from urllib.parse import urlsplit

from generator.lazyre import lazy_compile
from generator.markup.quotes import block_spans
from generator.model import Block, Spans

MAX_TAGLINE_CHARS = 160
# Titles that name a kind of document, not its subject (compared lower-case, letters only).
GENERIC_TITLES = frozenset(
    {
        "changelog",
        "changes",
        "history",
        "releasenotes",
        "releases",
        "whatsnew",
        "news",
        "quickstart",
        "gettingstarted",
        "tutorial",
        "userguide",
        "guide",
        "documentation",
        "docs",
        "readme",
        "introduction",
        "overview",
        "usage",
        "installation",
        "faq",
        "apireference",
        "reference",
        "contributing",
        "roadmap",
        "examples",
        "cheatsheet",
    }
)
# How a generic title reads with the name: "Introduction to X", else "X Changelog".
NAMED_FORMS = {"introduction": "{title} to {name}", "gettingstarted": "{title} with {name}"}
ALONE = frozenset({"readme"})  # a README titled "README" is the project's own: its name alone
FRONT_KEYS = ("project", "package", "library", "product", "software")
REPO_HOSTS = frozenset({"github.com", "gitlab.com", "codeberg.org", "bitbucket.org"})
MIN_MENTIONS = 3  # the project's name in the text at least this often ...
DOMINANCE = 3  # ... and this many times more often than any other repository linked
MAX_REPOSITORIES = 20  # the repositories linked most often that are weighed
# "fd is a ...", "Rich is the ...": the subject named, then what it is
_IS_A = lazy_compile(r"^(?:is|are)\s+((?:an?|the)\s.+)$", re.IGNORECASE | re.DOTALL)
_SAYS = lazy_compile(
    r"^(?:is|are|provides|lets|helps|makes|allows|brings|gives|offers|enables|turns|adds)\b"
    r"|^[:—–-]\s",
    re.IGNORECASE,
)
_SENTENCE_END = lazy_compile(r"(?<=[.!?])\s+(?=[A-Z`*\"'(\[])")
_IMPORT = lazy_compile(
    r"^\s*(?:>>>\s*|\$\s*)?(?:import\s+([A-Za-z_][\w]*)|from\s+([A-Za-z_][\w]*)[\w.]*\s+import\b"
    r"|use\s+([A-Za-z_]\w*)::|.*\brequire\(\s*['\"]([\w@/.-]+)['\"]\s*\)"
    r"|import\s.*\bfrom\s+['\"]([\w@/.-]+)['\"])",
    re.MULTILINE,
)
MIN_PROSE_MENTIONS = 2  # an imported module is the subject when the prose names it this often


def title_key(title: str) -> str:
    return re.sub(r"[^a-z]", "", title.lower())


def is_generic(title: str) -> bool:
    return title_key(title) in GENERIC_TITLES


def named_title(title: str, name: str) -> str:
    """A generic title completed with the project's name ("Changelog" -> "httpx Changelog")."""
    key = title_key(title)
    if not name or key not in GENERIC_TITLES or name.lower() in title.lower():
        return title
    if key in ALONE:
        return name
    return NAMED_FORMS.get(key, "{name} {title}").format(name=name, title=title)


def first_sentence(text: str) -> str:
    text = " ".join(text.split())
    return _SENTENCE_END.split(text, maxsplit=1)[0] if text else ""


def tagline(intro: list[Block], names: Iterable[str]) -> str:
    """The intro's first sentence when it describes the subject (one of `names`, the title or
    the project's name, is its subject); "X is a Y." reads "A Y". "" when it does not."""
    first = next((b for b in intro if b.type != "image"), None)
    if first is None or first.type != "paragraph":
        return ""
    sentence = first_sentence("".join(s.text for s in first.spans))
    if not sentence or len(sentence) > MAX_TAGLINE_CHARS or sentence.endswith((":", "?")):
        return ""
    for name in (n for n in names if n):
        head = sentence[: len(name)]
        rest = sentence[len(name) :].lstrip()
        if head.lower() != name.lower() or not rest or sentence[len(name)].isalnum():
            continue
        described = _IS_A.match(rest)
        if described:
            said = described.group(1).rstrip(".")
            return said[0].upper() + said[1:]
        if _SAYS.match(rest):
            return sentence
    return ""


def _texts(blocks: Iterable[Block]) -> tuple[list[str], list[str], list[str]]:
    """(prose, code, link targets) of the blocks: prose is text outside code and links."""
    prose: list[str] = []
    code: list[str] = []
    links: list[str] = []
    for block in blocks:
        paragraphs: list[Spans] = block_spans(block) if block.type != "code" else []
        if block.type == "code":
            code.append(block.text)
        for spans in paragraphs:
            for span in spans:
                if span.href:
                    links.append(span.href)
                elif span.code:
                    code.append(span.text)
                else:
                    prose.append(span.text)
    return prose, code, links


def _mentions(name: str, texts: Iterable[str]) -> Counter[str]:
    """How often each spelling of `name` occurs as a word (not part of a path or identifier)."""
    word = re.compile(rf"(?<![\w/.@-]){re.escape(name)}(?![\w/@-])", re.IGNORECASE)
    found: Counter[str] = Counter()
    for text in texts:
        found.update(m.group(0) for m in word.finditer(text))
    return found


def _repository(href: str) -> str:
    parts = urlsplit(href)
    path = [p for p in parts.path.split("/") if p]
    if (parts.hostname or "").removeprefix("www.") not in REPO_HOSTS or len(path) < 2:
        return ""
    return path[1].removesuffix(".git")


def _spelled(name: str, prose: list[str], code: list[str]) -> str:
    """The name as the prose spells it most often (else the code, else as given)."""
    for texts in (prose, code):
        found = _mentions(name, texts).most_common(1)
        if found:
            return found[0][0]
    return name


def _linked_project(prose: list[str], code: list[str], links: list[str]) -> str:
    linked = Counter(r for r in (_repository(h) for h in links) if r)
    repos = {r.lower(): r for r, _ in linked.most_common(MAX_REPOSITORIES)}
    counts = {key: sum(_mentions(key, prose + code).values()) for key in repos}
    ranked = sorted(counts.items(), key=lambda kv: -kv[1])
    if not ranked or ranked[0][1] < MIN_MENTIONS:
        return ""
    if len(ranked) > 1 and ranked[0][1] < DOMINANCE * ranked[1][1]:
        return ""
    return _spelled(repos[ranked[0][0]], prose, code)


def _imported_project(blocks: list[Block], prose: list[str]) -> str:
    code = next((b.text for b in blocks if b.type == "code"), "")
    match = _IMPORT.search(code)
    if match is None:
        return ""
    module = next(g for g in match.groups() if g).split("/")[-1]
    if sum(_mentions(module, prose).values()) < MIN_PROSE_MENTIONS:
        return ""
    return _spelled(module, prose, [])


def project_name(front: Mapping[str, object], blocks: list[Block]) -> str:
    """The project the document is about, when it says so unambiguously ("" otherwise)."""
    for key in FRONT_KEYS:
        value = front.get(key)
        if isinstance(value, str) and 0 < len(value.strip()) <= 60:
            return value.strip()
    prose, code, links = _texts(blocks)
    return _linked_project(prose, code, links) or _imported_project(blocks, prose)


LOGO_WORDS = frozenset({"logo", "banner", "header", "icon", "image", "picture", "screenshot"})


def logo_alt(blocks: list[Block]) -> str:
    """A README without a `#` title that opens with its logo (among its first blocks, its
    tagline may come first): the logo's alt text ("bat - a cat clone with wings"), unless it
    says no more than "Logo"."""
    lead = [b for b in blocks if b.type != "image" or b.kind != "badge"][:3]
    first = next((b for b in lead if b.type == "image" and b.kind != "formula"), None)
    if first is None or not 3 <= len(first.alt) <= 80:
        return ""
    words = set(re.findall(r"\w+", first.alt.lower()))
    return first.alt if words - LOGO_WORDS else ""


def missing_logo(blocks: list[Block], labels: list[str]) -> str:
    """`logo_alt` of a README whose logo the deck cannot have (a service request has no
    files beside it): the first missing picture's alt text, when no picture is shown before."""
    if not labels or any(b.type == "image" and b.kind != "badge" for b in blocks):
        return ""
    return logo_alt([Block("image", src="", alt=labels[0])])
