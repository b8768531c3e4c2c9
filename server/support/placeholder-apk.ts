import { crc32 } from 'node:zlib';

/**
 * A small, real ZIP archive (an APK is a ZIP) standing in for the Android client: it holds a README explaining
 * that it is a placeholder, a text AndroidManifest.xml naming the package and version, and META-INF/MANIFEST.MF.
 * It is not installable. Stored (uncompressed) entries, UTF-8 names, a fixed timestamp: the same version always
 * gives the same bytes.
 */
export function placeholderApk(version: string): Buffer {
  const files: [string, string][] = [
    [
      'README.txt',
      `奇遇视频 Android ${version}\n\n这是参考服务器下载页提供的占位安装包。\n` +
        '它是一个有效的 ZIP 压缩包，但不是可以安装的 Android 应用。\n',
    ],
    [
      'AndroidManifest.xml',
      `<?xml version="1.0" encoding="utf-8"?>\n<manifest package="com.qiyu.video" android:versionName="${version}" ` +
        'xmlns:android="http://schemas.android.com/apk/res/android" />\n',
    ],
    ['META-INF/MANIFEST.MF', 'Manifest-Version: 1.0\nCreated-By: qiyu reference server\n'],
  ];
  // 2024-01-01 00:00:00 in MS-DOS form.
  const dosTime = 0;
  const dosDate = ((2024 - 1980) << 9) | (1 << 5) | 1;
  const utf8Flag = 0x0800;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(content, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(utf8Flag, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(utf8Flag, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralDirectory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDirectory, end]);
}
