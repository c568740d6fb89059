"""Text of the slide model: lines -> text boxes, paragraphs and runs placed so LibreOffice and
PowerPoint draw them where Chromium did (metrics, justification, decoration, bullets, fallback
runs, soft wrapping)."""
