// Destructive review actions ask first: a form or button carrying data-confirm submits only
// once the analyst agrees (nothing is sent otherwise).
document.addEventListener("submit", function (event) {
  var form = event.target;
  var button = event.submitter;
  var question = (button && button.dataset.confirm) || form.dataset.confirm;
  if (question && !window.confirm(question)) {
    event.preventDefault();
  }
});
