import { AppError } from '@atrium/kernel';
import { NoticeErrors } from './errors';

export const stateConflict = () => new AppError(NoticeErrors.NOTICES_STATE_CONFLICT_409);
