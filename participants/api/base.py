"""The participant lookup of the viewsets under /participants/{participantID}.

The path's participant (a participantID, or the provider's externalID) is read once per
request, after the caller's checks, the idempotency claim and the path's own checks (see
api.views), and kept as `self.enrollment` for the handler. None within the caller's provider
(another provider's participant included) is the 404 "No participant matches within this
provider.". A viewset that renders more of the participant names the richer read it needs in
`read_participant` (or `resolve_path`), so the participant is still read once.
"""

from participants import selectors
from participants.models import Enrollment


# Mixin for a view or viewset under /participants/{participantID} (a comment: a docstring
# would be every operation's description in the schema).
class ParticipantPath:
    # (providerID, participantID or externalID) -> the Enrollment, or NotFound.
    read_participant = staticmethod(selectors.get_enrollment)
    enrollment: Enrollment

    def resolve_path(self, kwargs: dict) -> None:
        if "participantID" in kwargs:  # not on a viewset's collection (list, create)
            self.enrollment = self.read_participant(self.provider_id, kwargs["participantID"])
