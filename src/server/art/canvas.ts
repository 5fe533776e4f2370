/** The picture size every drawing part works in. */
import { PICTURE_HEIGHT, PICTURE_WIDTH } from '../../lib/pictures.ts';

export const ART_WIDTH = PICTURE_WIDTH;
export const ART_HEIGHT = PICTURE_HEIGHT;
