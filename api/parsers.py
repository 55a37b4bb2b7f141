"""The API's JSON parser: DRF's, with the nesting-depth cap of `common.bounded_json` checked
before the body is parsed. Too deep is unparseable, like malformed JSON: 400 invalid-request
(docs/decisions/json-nesting-depth.md)."""

import io

from rest_framework import parsers
from rest_framework.exceptions import ParseError

from common import bounded_json


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        body = stream.read()
        # The request's charset, text codecs only (DRF refuses the others with a 400).
        encoding = parsers.get_encoding(parser_context or {})
        try:
            text = body.decode(encoding)
        except UnicodeDecodeError:
            text = None  # DRF's parse below answers it
        if text is not None and bounded_json.deeper_than(text):
            raise ParseError(
                "The request body nests arrays or objects more than "
                f"{bounded_json.MAX_DEPTH} levels deep."
            )
        return super().parse(io.BytesIO(body), media_type, parser_context)
