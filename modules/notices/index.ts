import { defineModule } from '@atrium/kernel';
import { NoticeErrors } from './errors';
import { listMyNotices, readMyNotice } from './my-notices.routes';
import { NoticeEntity } from './notice.entity';
import { noticeDictionaries } from './notice-dictionaries';
import { notices } from './notice.resource';
import { publishNotice, withdrawNotice } from './publishing.routes';

/** Wiring only: what the module has, each piece declared in its own file. */
export default defineModule({
  // The manifest's menu titles in Chinese (the manifest's menu object has room for one title).
  menuTitles: { zh: { '/system/notices': '通知公告' } },
  errors: NoticeErrors,
  entities: [NoticeEntity],
  routes: [...notices.routes, publishNotice, withdrawNotice, listMyNotices, readMyNotice],
  contributes: [noticeDictionaries],
});
