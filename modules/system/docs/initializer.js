// Starts Swagger UI over this server's live catalog. A file, not an inline script, so the
// page's Content-Security-Policy needs no 'unsafe-inline' for scripts.
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/v3/api-docs', dom_id: '#reference', deepLinking: true, persistAuthorization: false });
});
