import { defineModule } from '@atrium/kernel';
import { myEvents } from './events.routes';
import { getMe, getMyMenus } from './me.routes';
import { changeMyPassword, updateMyProfile } from './profile.routes';
import { listMySessions } from './sessions.routes';

/** Wiring only: the caller's own account, through users, auth and menus. */
export default defineModule({
  routes: [getMe, getMyMenus, updateMyProfile, changeMyPassword, listMySessions, myEvents],
});
