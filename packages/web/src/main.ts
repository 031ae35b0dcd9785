// The lab's entry point: the shell (navigation + router) around one view per domain.
import { VIEWS } from './views.js';
import { startRouter } from './shell/router.js';

startRouter(VIEWS, document.getElementById('views')!, document.getElementById('view')!);
document.body.dataset.ready = 'true';
