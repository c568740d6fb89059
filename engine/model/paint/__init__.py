"""Paint values: fills and lines from colours and gradients, conic and tiled gradients, colour
filters, the backdrop behind translucent text."""
