"""Galleries of admonition types from public documentation (unchanged, test material for
generator.gallery): each type once, one after another.

| name | repository | path | commit | licence |
|---|---|---|---|---|
| GITHUB_ALERTS | https://github.com/github/docs | content/get-started/writing-on-github/getting-started-with-writing-and-formatting-on-github/basic-writing-and-formatting-syntax.md | 6bf9e94305cfbcc897c416c3c810b5d161b7e760 | CC-BY-4.0 |
| DOCUSAURUS_ADMONITIONS | https://github.com/facebook/docusaurus | website/docs/guides/markdown-features/markdown-features-admonitions.mdx | 05673202a34d5ee4c0e0dbdbb065067175b6324d | CC-BY-4.0 |

The MkDocs Material gallery ("Supported types", twelve types with the same placeholder text)
is read from samples/markdown/mkdocs-admonitions/admonitions.md.
"""

from __future__ import annotations

# GitHub's five alert types, each with its own one-line text.
GITHUB_ALERTS = """> [!NOTE]
> Useful information that users should know, even when skimming content.

> [!TIP]
> Helpful advice for doing things better or more easily.

> [!IMPORTANT]
> Key information users need to know to achieve their goal.

> [!WARNING]
> Urgent info that needs immediate user attention to avoid problems.

> [!CAUTION]
> Advises about risks or negative outcomes of certain actions.
"""

# Docusaurus' five admonition types, each with the same short text.
DOCUSAURUS_ADMONITIONS = """In addition to the basic Markdown syntax, we have a special admonitions syntax by wrapping text with a set of 3 colons, followed by a label denoting its type.

:::note

Some **content** with _Markdown_ `syntax`. Check [this `api`](#).

:::

:::tip

Some **content** with _Markdown_ `syntax`. Check [this `api`](#).

:::

:::info

Some **content** with _Markdown_ `syntax`. Check [this `api`](#).

:::

:::caution

Some **content** with _Markdown_ `syntax`. Check [this `api`](#).

:::

:::danger

Some **content** with _Markdown_ `syntax`. Check [this `api`](#).

:::
"""
