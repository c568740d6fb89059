"""fontconfig patterns -> matched / sorted font records, through libfontconfig (ctypes) or fc-match.

libfontconfig is called directly when it can be loaded (microseconds per query, the same calls
Chromium makes: FcConfigSubstitute + FcDefaultSubstitute + FcFontMatch / FcFontSort); else
the fc-match command is run (about 10 ms per query).  Either way results are cached by the
callers for the life of the process.
"""

from __future__ import annotations

import ctypes
import threading
from typing import Any

__all__ = ["available", "match", "sort"]

FORMAT = "%{family}\t%{file}\t%{index}\t%{weight}\t%{slant}\t%{fontformat}"
_LOCK = threading.Lock()  # fontconfig is not thread-safe for pattern operations
_LIB: Any = None
_LIB_TRIED = False


class _FcFontSet(ctypes.Structure):
    _fields_ = [
        ("nfont", ctypes.c_int),
        ("sfont", ctypes.c_int),
        ("fonts", ctypes.POINTER(ctypes.c_void_p)),
    ]


def _lib() -> Any:
    global _LIB, _LIB_TRIED
    if _LIB_TRIED:
        return _LIB
    _LIB_TRIED = True
    try:
        lib = _load_library()
        vp, cp, ip = ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int
        lib.FcInitLoadConfigAndFonts.restype = vp
        lib.FcNameParse.restype = vp
        lib.FcNameParse.argtypes = [cp]
        lib.FcConfigSubstitute.argtypes = [vp, vp, ip]
        lib.FcDefaultSubstitute.argtypes = [vp]
        lib.FcFontMatch.restype = vp
        lib.FcFontMatch.argtypes = [vp, vp, ctypes.POINTER(ip)]
        lib.FcFontSort.restype = ctypes.POINTER(_FcFontSet)
        lib.FcFontSort.argtypes = [vp, vp, ip, vp, ctypes.POINTER(ip)]
        lib.FcPatternFormat.restype = ctypes.c_void_p
        lib.FcPatternFormat.argtypes = [vp, cp]
        lib.FcStrFree.argtypes = [vp]
        lib.FcPatternDestroy.argtypes = [vp]
        lib.FcPatternGetCharSet.argtypes = [vp, cp, ip, ctypes.POINTER(vp)]
        lib.FcCharSetHasChar.argtypes = [vp, ctypes.c_uint32]
        lib.FcCharSetHasChar.restype = ip
        config = lib.FcInitLoadConfigAndFonts()
        if not config:
            return None
        lib.config = config  # type: ignore[attr-defined]
        _LIB = lib
    except (OSError, AttributeError):
        _LIB = None
    return _LIB


def _load_library() -> Any:
    """libfontconfig by its Linux soname; elsewhere as ctypes.util finds it (which runs
    ldconfig or the compiler: several milliseconds, so only when the soname does not load)."""
    try:
        return ctypes.CDLL("libfontconfig.so.1")
    except OSError:
        from ctypes.util import find_library

        return ctypes.CDLL(find_library("fontconfig") or "libfontconfig.so.1")


def available() -> bool:
    if _lib() is not None:
        return True
    import shutil  # the fc-match fallback only

    return shutil.which("fc-match") is not None


def _format(lib: Any, pattern: int, fmt: bytes) -> str:
    ptr = lib.FcPatternFormat(pattern, fmt)
    if not ptr:
        return ""
    try:
        return ctypes.string_at(ptr).decode("utf-8", "replace")
    finally:
        lib.FcStrFree(ptr)


def _prepared(lib: Any, pattern_text: str) -> int | None:
    pat = lib.FcNameParse(pattern_text.encode("utf-8"))
    if not pat:
        return None
    lib.FcConfigSubstitute(lib.config, pat, 0)  # FcMatchPattern
    lib.FcDefaultSubstitute(pat)
    return int(pat)


def _run(args: list[str]) -> str:
    import subprocess  # the fc-match fallback only, without libfontconfig

    try:
        proc = subprocess.run(args, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return ""
    return proc.stdout if proc.returncode == 0 else ""


def match(pattern_text: str) -> str:
    """FORMAT line of fontconfig's best match for a pattern ('' if none)."""
    lib = _lib()
    if lib is None:
        out = _run(["fc-match", "-f", FORMAT + "\n", pattern_text])
        return out.splitlines()[0] if out else ""
    with _LOCK:
        pat = _prepared(lib, pattern_text)
        if pat is None:
            return ""
        result = ctypes.c_int(0)
        font = lib.FcFontMatch(lib.config, pat, ctypes.byref(result))
        lib.FcPatternDestroy(pat)
        if not font:
            return ""
        text = _format(lib, font, FORMAT.encode())
        lib.FcPatternDestroy(font)
        return text


class SortedFonts:
    """FcFontSort(pattern, trim=False): FORMAT lines in order, and charset membership."""

    def __init__(self, pattern_text: str) -> None:
        self.lines: list[str] = []
        self._charsets: list[Any] = []
        self._ranges: list[list[tuple[int, int]] | None] = []
        lib = _lib()
        if lib is None:
            out = _run(["fc-match", "-a", "-f", FORMAT + "\t%{charset}\n", pattern_text])
            for line in out.splitlines():
                head, _, charset = line.rpartition("\t")
                self.lines.append(head)
                self._ranges.append(_parse_ranges(charset))
            return
        with _LOCK:
            pat = _prepared(lib, pattern_text)
            if pat is None:
                return
            result = ctypes.c_int(0)
            fs = lib.FcFontSort(lib.config, pat, 0, None, ctypes.byref(result))
            lib.FcPatternDestroy(pat)
            if not fs:
                return
            self._fs = fs  # kept alive: the charsets point into it
            for i in range(fs.contents.nfont):
                font = fs.contents.fonts[i]
                self.lines.append(_format(lib, font, FORMAT.encode()))
                cs = ctypes.c_void_p()
                ok = lib.FcPatternGetCharSet(font, b"charset", 0, ctypes.byref(cs)) == 0
                self._charsets.append(cs if ok else None)

    def has_char(self, i: int, cp: int) -> bool:
        if self._charsets:
            cs = self._charsets[i]
            if cs is None:
                return False
            with _LOCK:
                return bool(_LIB.FcCharSetHasChar(cs, cp))
        ranges = self._ranges[i]
        return any(lo <= cp <= hi for lo, hi in ranges or ())


def _parse_ranges(text: str) -> list[tuple[int, int]]:
    out = []
    for tok in text.split():
        a, _, b = tok.partition("-")
        try:
            out.append((int(a, 16), int(b or a, 16)))
        except ValueError:
            continue
    return out


def sort(pattern_text: str) -> SortedFonts:
    return SortedFonts(pattern_text)
