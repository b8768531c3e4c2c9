-- The catalogue filter's 语言 (/typePage): each video's spoken language as the filter lists it (国语, 粤语, 英语, 日语,
-- 韩语, 其他 …); '' when unknown (left out of the filter's options, matched only by 全部).
ALTER TABLE videos ADD COLUMN language text NOT NULL DEFAULT '';
CREATE INDEX videos_language_idx ON videos (language) WHERE language <> '';
