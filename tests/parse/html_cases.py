"""HTML tree cases shared by the parse tests and benchmarks/html_parser_agreement.py: malformed
markup, Chromium's DOM of a page (Playwright, /usr/bin/chromium), and one serialization for
both Chromium's DOM and the engine's lxml tree (one line per node) to compare them.

Trees are compared as the engine uses them: <script>, <noscript> and <template> elements,
comments and processing instructions left out, element names as Chromium's localName,
attributes by qualified name (xlink:href), adjacent text merged, an empty <head> left out.
"""

from __future__ import annotations

import json
from typing import Any

from lxml import etree

Tree = list[Any]  # ["tag", [[name, value], ...], children...]; a text node is a str
REMOVED = frozenset(("script", "noscript", "template"))
_XLINK = "{http://www.w3.org/1999/xlink}"
_XML = "{http://www.w3.org/XML/1998/namespace}"
_XMLNS = "{http://www.w3.org/2000/xmlns/}"
_PREFIXES = ((_XLINK, "xlink:"), (_XML, "xml:"), (_XMLNS, "xmlns:"))


def _attr_name(name: str) -> str:
    """A namespaced attribute name -> its qualified name (as Chromium's attr.name)."""
    for ns, prefix in _PREFIXES:
        if name.startswith(ns):
            local = name[len(ns) :]
            return "xmlns" if prefix == "xmlns:" and local == "xmlns" else prefix + local
    return name


# Malformed markup: where the HTML5 tree construction rules build something other than the
# source's nesting (the pages the engine gets are often hand-written or generated).
CASES: dict[str, str] = {
    "p-unclosed-before-div": "<!doctype html><p>one<div>two</div>three",
    "p-before-table-standards": "<!doctype html><p>text<table><tr><td>x</td></tr></table>",
    "p-before-table-quirks": "<p>text<table><tr><td>x</td></tr></table>",
    "p-before-ul-h1-pre": "<!doctype html><p>a<ul><li>b</ul><p>c<h1>d</h1><p>e<pre>f</pre>",
    "misnested-b-i": "<!doctype html><p><b>1<i>2</b>3</i>4</p>",
    "misnested-b-p": "<!doctype html><b>bold<p>para</b>after</p>",
    "formatting-reopened": "<!doctype html><p><b>x</p><p>y</p>",
    "font-misnested": "<!doctype html><font color=red><p>x</font>y</p>",
    "noahs-ark": "<!doctype html><p><b><b><b><b>x</b></b></b></b></p><p>y",
    "table-stray-text": "<!doctype html><table>stray<tr><td>c</td></tr>tail</table>",
    "table-stray-element": "<!doctype html><table><div>fostered</div><tr><td>c</td></tr></table>",
    "table-tr-direct": "<!doctype html><table><tr><td>a</td></tr></table>",
    "table-td-without-tr": "<!doctype html><table><td>a</td><td>b</table>",
    "table-col-without-colgroup": "<!doctype html><table><col span=2><tr><td>x</table>",
    "table-nested-unclosed": "<!doctype html><table><tr><td><table><tr><td>x</table>y</table>",
    "table-whitespace": "<!doctype html><table> <tr> <td>a</td> </tr> </table>",
    "table-hidden-input-form": "<!doctype html><table><input type=hidden><form><tr><td>x</table>",
    "li-without-ul": "<!doctype html><li>one<li>two",
    "li-nested-unclosed": "<!doctype html><ul><li>a<li>b<ul><li>c</ul></ul>",
    "dl-unclosed": "<!doctype html><dl><dt>a<dd>b<dt>c</dl>",
    "stray-end-p": "<!doctype html><div>x</p>y</div>",
    "stray-end-br": "<!doctype html><p>a</br>b</p>",
    "stray-end-tags": "<!doctype html><div>a</span></div></div>b",
    "nested-a": "<!doctype html><a href=1>one<a href=2>two</a></a>",
    "a-around-block": "<!doctype html><a href=x><div>block</div></a>",
    "headings-nested": "<!doctype html><h1>a<h2>b</h2></h1>",
    "button-nested": "<!doctype html><button>a<button>b</button></button>",
    "form-nested": "<!doctype html><form id=a><form id=b><input></form></form>",
    "nobr-nested": "<!doctype html><nobr>a<nobr>b</nobr>",
    "ruby-unclosed": "<!doctype html><ruby>a<rt>b<rp>c</ruby>",
    "option-unclosed": "<!doctype html><select><option>a<option>b</select>",
    "select-stray-element": "<!doctype html><select><div>x</div><option>a</select>",
    "template": "<!doctype html><template><p>t</p></template><p>after</p>",
    "noscript": "<!doctype html><noscript><p>ns</p></noscript><p>x</p>",
    "attrs-unquoted": "<!doctype html><div class=a id=b data-x=c/d title=e&amp;f>x</div>",
    "attrs-duplicate": "<!doctype html><div class=a class=b>x</div>",
    "attrs-uppercase": '<!doctype html><DIV CLASS="A" onClick=x Data-Y=Z>x</DIV>',
    "entities-no-semicolon": "<!doctype html><p>&amp &lt; &copy2 &notit; &notin &ampx</p>",
    "entities-in-attrs": '<!doctype html><a href="?a=1&copy=2&amp;b=3&notit=4">x</a>',
    "entities-numeric": "<!doctype html><p>&#x80;&#0;&#x110000;&#65&#x41;&#xD800;</p>",
    "cdata-in-html": "<!doctype html><p><![CDATA[x]]>y</p>",
    "cdata-in-svg": "<!doctype html><svg><text><![CDATA[x<y]]></text></svg>",
    "comments-odd": "<!doctype html><p>a<!-- c -->b</p><!-- > --><p>c<!--->d<!-- x",
    "svg-camel-case": (
        '<!doctype html><svg viewBox="0 0 10 10" preserveAspectRatio=none>'
        "<lineargradient id=g gradientunits=userSpaceOnUse><stop/></lineargradient>"
        "<clippath id=c></clippath><rect/></svg>"
    ),
    "svg-foreign-object": (
        "<!doctype html><svg><foreignObject width=10><p>x</p><div>y</div></foreignObject></svg>"
    ),
    "svg-breakout": "<!doctype html><svg><g><p>breakout</p></g></svg><span>z</span>",
    "svg-desc-html": "<!doctype html><svg><desc><p>x</p></desc><title><b>t</b></title></svg>",
    "svg-xlink": '<!doctype html><svg><use xlink:href="#a" xml:lang=en /></svg>',
    "svg-self-closing": '<!doctype html><svg><path d="M0 0"/><g/><rect/></svg><p>x',
    "math": (
        "<!doctype html><math definitionURL=x><mi>x</mi>"
        '<annotation-xml encoding="text/html"><p>y</p></annotation-xml></math>'
    ),
    "self-closing-non-void": "<!doctype html><div/>text<span/>more",
    "html5-void-elements": "<!doctype html><p>a<wbr>b<source>c<embed>d<track>e<area>f</p>",
    "pre-leading-newline": "<!doctype html><pre>\nx</pre><textarea>\ny</textarea><listing>\nz</listing>",
    "raw-text-elements": (
        "<!doctype html><xmp><b>x</b></xmp><iframe><p>i</p></iframe><noembed><b>n</b></noembed>"
    ),
    "rcdata-elements": "<!doctype html><title><b>x</b></title><textarea><b>y</b></textarea>",
    "head-elements-in-body": (
        "<!doctype html><p>x</p><title>t</title><meta charset=utf-8><style>p{}</style>"
        "<link rel=stylesheet href=a.css>"
    ),
    "head-after-body": "<!doctype html><p>x</p><head><link rel=stylesheet href=a.css></head>",
    "text-before-html": "<!doctype html>text<html><body><p>x</p></body></html>",
    "content-after-html": "<!doctype html><html><body>x</body></html><p>after</p>",
    "body-attrs-merged": "<!doctype html><body class=a><body class=b id=c><p>x",
    "html-attrs-merged": "<!doctype html><html lang=en><html dir=rtl><p>x",
    "unclosed-at-eof": "<!doctype html><div><span>x<b>y",
    "image-tag": "<!doctype html><image src=x.png alt=i>",
    "nul-in-text": "<!doctype html><p>a\x00b</p>",
    "style-in-body": "<!doctype html><p><style>p>a{color:red}</style>x</p>",
    "fragment-no-html": '<div class="slide"><h1>T</h1><p>x',
}


def chromium_trees(pages: list[str]) -> list[Tree]:
    """Chromium's DOM of each page, as Tree."""
    from tools.recorders.browser import chromium_tab

    walk = """() => {
      const skip = new Set(SKIP);
      const html = 'http://www.w3.org/1999/xhtml';
      function tree(el) {
        const attrs = Array.from(el.attributes).map(a => [a.name, a.value]);
        const out = [el.localName, attrs];
        for (const ch of el.childNodes) {
          if (ch.nodeType === 1) {
            if (ch.namespaceURI === html && skip.has(ch.localName)) continue;
            out.push(tree(ch));
          } else if (ch.nodeType === 3 || ch.nodeType === 4) {
            out.push(ch.data);
          }
        }
        return out;
      }
      return tree(document.documentElement);
    }""".replace("SKIP", json.dumps(sorted(REMOVED)))
    out: list[Tree] = []
    with chromium_tab((1280, 720)) as tab:
        current: dict[str, str] = {}

        def serve(route: Any) -> None:
            if route.request.url != "http://page.test/page.html":
                route.abort()  # images, fonts, stylesheets: the DOM does not need them
                return
            route.fulfill(
                status=200,
                headers={
                    "content-type": "text/html; charset=utf-8",
                    "content-security-policy": "script-src 'none'",
                },
                body=current["html"].encode("utf-8"),
            )

        tab.route("**/*", serve)
        for html in pages:
            current["html"] = html
            tab.goto("http://page.test/page.html", wait_until="domcontentloaded")
            out.append(tab.evaluate(walk))
    return out


def lxml_tree(el: etree._Element) -> Tree:
    """An lxml element as Tree, as the engine sees it (removed elements and comments left out)."""
    out: Tree = [el.tag, [[_attr_name(k), v] for k, v in el.attrib.items()]]
    if el.text:
        out.append(el.text)
    for child in el:
        if isinstance(child.tag, str) and child.tag not in REMOVED:
            out.append(lxml_tree(child))
        if child.tail:
            out.append(child.tail)
    return out


def lines(tree: Tree, *, blank_text: bool = True) -> list[str]:
    """One line per node: elements with sorted attributes, text merged and JSON-quoted
    (whitespace-only text left out unless blank_text)."""
    out: list[str] = []
    stack: list[tuple[Any, int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, str):
            out.append(" " * depth + json.dumps(node.replace("\r\n", "\n")))
            continue
        attrs = "".join(f" {k}={json.dumps(v)}" for k, v in sorted(node[1]))
        out.append(" " * depth + f"<{node[0]}{attrs}>")
        children: list[Any] = []
        for child in node[2:]:
            if isinstance(child, str) and children and isinstance(children[-1], str):
                children[-1] += child
            else:
                children.append(child)
        if node[0] == "html":  # an empty <head> (lxml.html leaves it out) is no difference
            children = [c for c in children if c != ["head", []]]
        if not blank_text:
            children = [c for c in children if not isinstance(c, str) or c.strip()]
        stack.extend((c, depth + 1) for c in reversed(children) if c != "")
    return out
