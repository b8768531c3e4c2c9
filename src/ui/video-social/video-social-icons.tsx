/** Small line icons of the actions bar and the comments (24×24 view box, current colour). */
const paths = {
  like: 'M7 10v11H3V10h4zm2 11V10l4.5-7c1.4 0 2.5 1.1 2.5 2.5V9h4.6c1.3 0 2.2 1.2 1.9 2.4l-2 8A2 2 0 0 1 18.6 21H9z',
  dislike: 'M17 14V3h4v11h-4zm-2-11v11l-4.5 7C9.1 21 8 19.9 8 18.5V15H3.4c-1.3 0-2.2-1.2-1.9-2.4l2-8A2 2 0 0 1 5.4 3H15z',
  collect: 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z',
  share: 'M18 16a3 3 0 0 0-2.2 1l-7-3.8a3 3 0 0 0 0-2.4l7-3.8A3 3 0 1 0 15 5l-7 3.8a3 3 0 1 0 0 6.4l7 3.8A3 3 0 1 0 18 16z',
  heart: 'M12 20.5l-1.3-1.2C5.6 14.7 2.5 11.9 2.5 8.4 2.5 5.6 4.7 3.5 7.4 3.5c1.6 0 3.1.7 4.1 1.9 1-1.2 2.5-1.9 4.1-1.9 2.7 0 4.9 2.1 4.9 4.9 0 3.5-3.1 6.3-8.2 10.9z',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg className={`vs-icon vs-icon--${name}`} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="currentColor" />
    </svg>
  );
}
