"""deckforge generator: Markdown -> outline -> deck plan -> slide HTML (templates) -> engine -> PPTX.

Public API (no HTTP here; the service calls these):

    generate_from_markdown(markdown: str, template_id: str | None = None, *,
                           templates: dict[str, Template] | None = None,
                           filename: str | None = None) -> GeneratedDeck
    regenerate(document_or_property: dict | str, *, templates: dict[str, Template] | None = None,
               filename: str | None = None) -> GeneratedDeck
    plan_from_markdown(markdown, template_id=None, *, templates=None,
                       on_page=None) -> PlannedDeck   # page HTML first (on_page(i, total, html))
    build_planned(planned: PlannedDeck, *, filename=None) -> GeneratedDeck   # then the engine
    list_templates(templates: dict[str, Template] | None = None) -> list[dict]
        # [{id, name, category, colors, fonts, builtin, preview}]
    template_preview(template: Template, width: int = 480) -> bytes   # PNG
    get_template(template_id: str | None, templates=None) -> Template  # 1001 when unknown
    load_template_package(zip_bytes: bytes, *, limits: PackageLimits | None = None,
                          test: bool = True) -> Template
    encode_property(document: dict) -> str        decode_property(value: str) -> dict
    validate_document(document: dict) -> dict     # raises GeneratorError with JSON paths

GeneratedDeck: pptx_bytes, subject, template_id, page_count, document (dict), pptx_property (str),
pages_html (list[str]), pages (list[PlannedPage]), slides (engine slide model), conversion.

Every refused input raises GeneratorError(code, message, problems=[Problem(field, reason)]):
code 1010 (bad parameters: `markdown`, `pptxProperty`, `$.pages[2].title`, package members) or
1001 (unknown `templateId`). The package never imports the service; the engine never imports it.

Task content (docs/generator.md "Content sources and LLM settings"):

    prepare_content(task_type, content, files: list[UploadedFile], *, fetcher=None,
                    limits: SourceLimits | None = None) -> PreparedContent  # raises SourceError
    content_markdown(prepared, provider: LLMProvider | None, brief: Brief | None = None, *,
                     on_delta=None) -> str                                  # raises LLMError
    LLMSettings.from_env() / ChatCompletionsClient(settings)                # the LLM provider
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.api import (  # noqa: F401
        GeneratedDeck,
        PlannedDeck,
        build_planned,
        generate_from_markdown,
        list_templates,
        plan_from_markdown,
        regenerate,
        template_preview,
    )
    from generator.document import (  # noqa: F401
        decode_property,
        encode_property,
        validate_document,
    )
    from generator.errors import GeneratorError, Problem  # noqa: F401
    from generator.llm import ChatCompletionsClient, LLMError, LLMSettings  # noqa: F401
    from generator.llm_steps import Brief, content_markdown  # noqa: F401
    from generator.package import PackageLimits, load_template_package  # noqa: F401
    from generator.sources import (  # noqa: F401
        PreparedContent,
        SourceError,
        SourceLimits,
        UploadedFile,
        prepare_content,
    )
    from generator.templates import Template, get_template  # noqa: F401

_EXPORTS = {
    "GeneratedDeck": "generator.api",
    "generate_from_markdown": "generator.api",
    "plan_from_markdown": "generator.api",
    "build_planned": "generator.api",
    "PlannedDeck": "generator.api",
    "list_templates": "generator.api",
    "regenerate": "generator.api",
    "template_preview": "generator.api",
    "get_template": "generator.templates",
    "decode_property": "generator.document",
    "encode_property": "generator.document",
    "validate_document": "generator.document",
    "GeneratorError": "generator.errors",
    "Problem": "generator.errors",
    "PackageLimits": "generator.package",
    "load_template_package": "generator.package",
    "Template": "generator.templates",
    "prepare_content": "generator.sources",
    "PreparedContent": "generator.sources",
    "SourceError": "generator.sources",
    "SourceLimits": "generator.sources",
    "UploadedFile": "generator.sources",
    "ChatCompletionsClient": "generator.llm",
    "LLMError": "generator.llm",
    "LLMSettings": "generator.llm",
    "Brief": "generator.llm_steps",
    "content_markdown": "generator.llm_steps",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'generator' has no attribute {name!r}")
    return getattr(import_module(module), name)
