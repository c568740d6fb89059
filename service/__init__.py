"""deckforge service: a thin FastAPI application over the engine (HTTP requests -> engine.convert -> download URLs)."""
