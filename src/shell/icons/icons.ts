import { html, svg, type SVGTemplateResult, type TemplateResult } from 'lit';
import Check from 'lucide/dist/esm/icons/check.mjs';
import ChevronDown from 'lucide/dist/esm/icons/chevron-down.mjs';
import ChevronRight from 'lucide/dist/esm/icons/chevron-right.mjs';
import CircleAlert from 'lucide/dist/esm/icons/circle-alert.mjs';
import CircleCheck from 'lucide/dist/esm/icons/circle-check.mjs';
import CircleDashed from 'lucide/dist/esm/icons/circle-dashed.mjs';
import CircleX from 'lucide/dist/esm/icons/circle-x.mjs';
import Download from 'lucide/dist/esm/icons/download.mjs';
import GripVertical from 'lucide/dist/esm/icons/grip-vertical.mjs';
import Languages from 'lucide/dist/esm/icons/languages.mjs';
import LayoutDashboard from 'lucide/dist/esm/icons/layout-dashboard.mjs';
import Loader from 'lucide/dist/esm/icons/loader.mjs';
import MoveDiagonal2 from 'lucide/dist/esm/icons/move-diagonal-2.mjs';
import Maximize2 from 'lucide/dist/esm/icons/maximize-2.mjs';
import Package from 'lucide/dist/esm/icons/package.mjs';
import Palette from 'lucide/dist/esm/icons/palette.mjs';
import Pencil from 'lucide/dist/esm/icons/pencil.mjs';
import PictureInPicture2 from 'lucide/dist/esm/icons/picture-in-picture-2.mjs';
import Pin from 'lucide/dist/esm/icons/pin.mjs';
import PlugZap from 'lucide/dist/esm/icons/plug-zap.mjs';
import Plus from 'lucide/dist/esm/icons/plus.mjs';
import RefreshCw from 'lucide/dist/esm/icons/refresh-cw.mjs';
import RotateCcw from 'lucide/dist/esm/icons/rotate-ccw.mjs';
import Shield from 'lucide/dist/esm/icons/shield.mjs';
import Square from 'lucide/dist/esm/icons/square.mjs';
import Terminal from 'lucide/dist/esm/icons/terminal.mjs';
import Trash2 from 'lucide/dist/esm/icons/trash.mjs';
import Undo2 from 'lucide/dist/esm/icons/undo-2.mjs';
import Upload from 'lucide/dist/esm/icons/upload.mjs';
import X from 'lucide/dist/esm/icons/x.mjs';

/**
 * The shell's icons: Lucide (ISC licence), imported one module per icon so only these reach the
 * bundle (docs/decisions/dependency-lucide.md). Add an icon here by importing its module.
 */
const ICONS = {
  check: Check,
  'chevron-down': ChevronDown,
  'chevron-right': ChevronRight,
  'circle-alert': CircleAlert,
  'circle-check': CircleCheck,
  'circle-dashed': CircleDashed,
  'circle-x': CircleX,
  download: Download,
  grip: GripVertical,
  languages: Languages,
  dashboard: LayoutDashboard,
  loader: Loader,
  resize: MoveDiagonal2,
  fullscreen: Maximize2,
  package: Package,
  pip: PictureInPicture2,
  inline: Square,
  palette: Palette,
  pencil: Pencil,
  pin: Pin,
  'plug-zap': PlugZap,
  plus: Plus,
  refresh: RefreshCw,
  reset: RotateCcw,
  shield: Shield,
  terminal: Terminal,
  trash: Trash2,
  undo: Undo2,
  upload: Upload,
  x: X,
} as const;

export type IconName = keyof typeof ICONS;

const cache = new Map<IconName, TemplateResult>();

function child(tag: string, attrs: Record<string, string>): SVGTemplateResult {
  // Lucide uses these five shapes only; each is a static template so Lit can reuse it.
  const a = attrs;
  switch (tag) {
    case 'path':
      return svg`<path d=${a.d ?? ''}></path>`;
    case 'circle':
      return svg`<circle cx=${a.cx ?? '0'} cy=${a.cy ?? '0'} r=${a.r ?? '0'}></circle>`;
    case 'rect':
      return svg`<rect x=${a.x ?? '0'} y=${a.y ?? '0'} width=${a.width ?? '0'} height=${a.height ?? '0'} rx=${a.rx ?? '0'} ry=${a.ry ?? a.rx ?? '0'}></rect>`;
    case 'line':
      return svg`<line x1=${a.x1 ?? '0'} y1=${a.y1 ?? '0'} x2=${a.x2 ?? '0'} y2=${a.y2 ?? '0'}></line>`;
    case 'polyline':
      return svg`<polyline points=${a.points ?? ''}></polyline>`;
    default:
      return svg``;
  }
}

/** An icon (24×24 stroke, `currentColor`), hidden from assistive technology: the control beside it carries the words. */
export function icon(name: IconName): TemplateResult {
  let made = cache.get(name);
  if (!made) {
    made = html`<svg
      class="icon"
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
    >
      ${ICONS[name].map(([tag, attrs]) => child(tag, attrs))}
    </svg>`;
    cache.set(name, made);
  }
  return made;
}
