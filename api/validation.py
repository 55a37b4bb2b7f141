"""Request bodies validated by one serializer instance per serializer class and thread.

Building a DRF serializer deep-copies every declared field, nested serializers' included,
and that costs more than validating a small body. Only the top-level serializer holds state
for a body (the attributes below); its fields hold none. So each thread keeps one instance
per class and resets that state around every call: nothing of a body outlives the call.

A serializer used here takes what a call needs through `context`, never through its
constructor, and keeps nothing on itself while validating (tests/api/test_validation.py).
The DRF attributes this relies on are checked against the installed DRF by
tests/test_library_patches.py.
"""

import threading

from rest_framework.serializers import Serializer

# What `Serializer.__init__`, `is_valid` and `data` set for one body.
_PER_BODY = ("initial_data", "_validated_data", "_errors", "_data")

_local = threading.local()


def validated(
    serializer_class: type[Serializer], data, *, context: dict | None = None, partial=False
) -> dict:
    """`serializer_class(data=data, context=context, partial=partial)`'s `validated_data`
    after `is_valid(raise_exception=True)`, raising the same ValidationError."""
    context = {} if context is None else context
    serializer = _instance(serializer_class)
    if hasattr(serializer, "initial_data"):
        # Called again while this thread's instance validates (a validate method that
        # validates another body of its class): that call gets an instance of its own.
        serializer = serializer_class(data=data, context=context, partial=partial)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data
    serializer.initial_data = data
    serializer._context = context
    serializer.partial = partial
    try:
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data
    finally:
        _reset(serializer)


def _instance(serializer_class: type[Serializer]) -> Serializer:
    instances = getattr(_local, "instances", None)
    if instances is None:
        instances = _local.instances = {}
    serializer = instances.get(serializer_class)
    if serializer is None:
        serializer = instances[serializer_class] = serializer_class()
    return serializer


def _reset(serializer: Serializer) -> None:
    for name in _PER_BODY:
        serializer.__dict__.pop(name, None)
    serializer._context = {}
    serializer.partial = False
    serializer.instance = None
