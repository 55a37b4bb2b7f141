from django import forms


class CodeForm(forms.Form):
    code = forms.CharField(
        max_length=32,
        label="Code",
        widget=forms.TextInput(attrs={"autocomplete": "one-time-code", "autofocus": True}),
    )
