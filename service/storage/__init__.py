"""Storage backends for converted files (PPTX bytes -> stored object + expiring download URL)."""

from service.storage.base import LinkError, Storage, StoredFile, new_object_id

__all__ = ["LinkError", "Storage", "StoredFile", "new_object_id"]
