import { defineModule } from '@atrium/kernel';
import { NoticeErrors } from './errors';
import { listMyNotices, readMyNotice } from './my-notices.routes';
import { NoticeEntity } from './notice.entity';
import { notices } from './notice.resource';
import { publishNotice, withdrawNotice } from './publishing.routes';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  errors: NoticeErrors,
  entities: [NoticeEntity],
  routes: [...notices.routes, publishNotice, withdrawNotice, listMyNotices, readMyNotice],
});
