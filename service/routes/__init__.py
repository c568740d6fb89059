"""HTTP routes (convert, files, health); main.create_app() wires them."""
