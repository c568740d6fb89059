"""Multi-column layout: columns and the fragmentation of a flow into them."""
