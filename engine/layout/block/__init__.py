"""Block formatting contexts: block containers, their used sizes, floats and fieldsets."""
