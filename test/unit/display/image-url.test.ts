import { describe, expect, it } from 'vitest';
import { formatImageUrl, requestWidth } from '../../../src/core/display/image-url.ts';

const url = (value: unknown, width: number, height?: number, format?: 'jpg' | 'png' | 'webp') => {
  const result = formatImageUrl(value, { width, ...(height !== undefined ? { height } : {}), ...(format ? { format } : {}) });
  return result.ok ? result.url : result.message;
};

describe('image URLs', () => {
  it('widths are asked at 1.3 times and rounded up to 200, 400, 600, 800 or 1000', () => {
    expect(requestWidth(100)).toBe(200); // 130
    expect(requestWidth(153)).toBe(200); // 198.9
    expect(requestWidth(154)).toBe(400); // 200.2
    expect(requestWidth(375)).toBe(600); // 487.5
    expect(requestWidth(600)).toBe(800); // 780
    expect(requestWidth(700)).toBe(1000);
    expect(requestWidth(2000)).toBe(1000);
  });

  it('crops to the display box and asks for jpg by default', () => {
    expect(url('https://img.example.com/p/中文海报.jpg', 100, 56)).toBe('https://img.example.com/p/中文海报.jpg?x-oss-process=image/resize,m_fill,w_200,h_113/format,jpg');
    expect(url('/media/demo/cover-1.jpg', 375, 211)).toBe('/media/demo/cover-1.jpg?x-oss-process=image/resize,m_fill,w_600,h_338/format,jpg');
  });

  it('crops at the nearest of the five shapes (16:9, 4:3, square, 3:4, 9:16), as the server makes them', () => {
    expect(url('/media/a.jpg', 96, 128)).toBe('/media/a.jpg?x-oss-process=image/resize,m_fill,w_200,h_267/format,jpg');
    expect(url('/media/a.jpg', 40, 40)).toBe('/media/a.jpg?x-oss-process=image/resize,m_fill,w_200,h_200/format,jpg');
    expect(url('/media/a.jpg', 176, 99)).toBe('/media/a.jpg?x-oss-process=image/resize,m_fill,w_400,h_225/format,jpg');
    // A 3:1 banner is cut at 16:9 (CSS crops the rest); a 1:3 strip at 9:16.
    expect(url('/media/a.jpg', 300, 100)).toBe('/media/a.jpg?x-oss-process=image/resize,m_fill,w_400,h_225/format,jpg');
    expect(url('/media/a.jpg', 100, 300)).toBe('/media/a.jpg?x-oss-process=image/resize,m_fill,w_200,h_356/format,jpg');
    expect(url('/media/a.jpg', 100, 70)).toBe('/media/a.jpg?x-oss-process=image/resize,m_fill,w_200,h_150/format,jpg');
  });

  it('without a height only the width is set; another format can be asked', () => {
    expect(url('/media/a.webp', 300)).toBe('/media/a.webp?x-oss-process=image/resize,m_lfit,w_400/format,jpg');
    expect(url('/media/a.jpg', 300, undefined, 'webp')).toBe('/media/a.jpg?x-oss-process=image/resize,m_lfit,w_400/format,webp');
  });

  it('keeps an existing query and fragment', () => {
    expect(url('//cdn.example.com/a.jpg?v=2#top', 100)).toBe('//cdn.example.com/a.jpg?v=2&x-oss-process=image/resize,m_lfit,w_200/format,jpg#top');
  });

  it('gif, svg and png (unless a format is asked) stay unformatted', () => {
    expect(url('https://img.example.com/动图.gif', 100, 100)).toBe('https://img.example.com/动图.gif');
    expect(url('/assets/avatar-default.svg', 40)).toBe('/assets/avatar-default.svg');
    expect(url('/media/demo/avatar-1.png', 40, 40)).toBe('/media/demo/avatar-1.png');
    expect(url('/media/demo/avatar-1.PNG?x=1', 40, 40, 'png')).toBe('/media/demo/avatar-1.PNG?x=1&x-oss-process=image/resize,m_fill,w_200,h_200/format,png');
  });

  it('data, blob, empty and already processed addresses stay as they are', () => {
    expect(url('data:image/png;base64,AAAA', 100)).toBe('data:image/png;base64,AAAA');
    expect(url('blob:https://x/1', 100)).toBe('blob:https://x/1');
    expect(url('', 100)).toBe('');
    expect(url('/m/a.jpg?x-oss-process=image/resize,w_200', 100)).toBe('/m/a.jpg?x-oss-process=image/resize,w_200');
    expect(url('/m/a.jpg', 0)).toBe('/m/a.jpg');
  });

  it('a value that is not a string gives urlData不是字符串', () => {
    for (const bad of [null, undefined, 42, { url: '/a.jpg' }, ['/a.jpg']]) expect(url(bad, 100)).toBe('urlData不是字符串');
  });
});
