(function () {
  var checks = Array.prototype.slice.call(document.querySelectorAll('.check'));
  var search = document.getElementById('search');
  var shown = document.getElementById('shown');
  function apply() {
    var mode = document.querySelector('input[name=filter]:checked').value;
    var text = search.value.trim().toLowerCase();
    var n = 0;
    checks.forEach(function (c) {
      var ok = mode === 'all' ||
        (mode === 'failing' && c.dataset.failing === '1') ||
        (mode === 'xfailed' && c.dataset.xfailed === '1') ||
        (mode === 'contradicted' && c.dataset.contradicted === '1');
      if (ok && text) { ok = c.dataset.test.toLowerCase().indexOf(text) >= 0; }
      c.hidden = !ok;
      if (ok) { n += 1; }
    });
    shown.textContent = n + ' of ' + checks.length + ' checks shown';
  }
  Array.prototype.forEach.call(document.querySelectorAll('input[name=filter]'), function (r) {
    r.addEventListener('change', apply);
  });
  search.addEventListener('input', apply);
  apply();
})();
