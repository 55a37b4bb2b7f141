"""What both review queues' pages share: the analysts a review can be assigned to, and the
action forms that carry the review's version (a click on a stale page is refused)."""

from django import forms
from django.contrib.auth import get_user_model

from reviews.admin.queue import ActionForm

User = get_user_model()


def analysts():
    """Active staff who can act on reviews: the people a review can be assigned to."""
    return (
        User.objects.with_perm("reviews.change_participantreview", is_active=True)
        .filter(is_staff=True)
        .order_by("first_name", "last_name", "username")
    )


def user_label(user) -> str:
    return user.get_full_name() or user.get_username()


class ReviewVersionForm(ActionForm):
    carried = ("expected_version_id",)
    expected_version_id = forms.CharField(widget=forms.HiddenInput, max_length=64)


class AssignToMeForm(ReviewVersionForm):
    pass


class AssignForm(ReviewVersionForm):
    assignee = forms.ModelChoiceField(
        queryset=User.objects.none(), empty_label="Choose an analyst…", label="Assign to"
    )

    def __init__(self, *args, assignees=None, **kwargs):
        super().__init__(*args, **kwargs)
        if assignees is not None:
            self.fields["assignee"].queryset = assignees
        self.fields["assignee"].label_from_instance = user_label


class NoteForm(ActionForm):
    """No version carried: a note is added whoever took the case or changed it meanwhile."""

    # Under the "Add a note" heading: the label says where the note goes, not "Note" again.
    text = forms.CharField(
        max_length=2048,
        label="For the case file (every analyst on this case sees it)",
        widget=forms.Textarea(attrs={"rows": 3}),
    )
