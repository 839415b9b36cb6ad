import { registerTranslations } from '@/lib/i18n';

export const en = {
  play: 'Play the clip of {{mic}}',
  pause: 'Pause the clip of {{mic}}',
  failed: 'No clip of {{mic}}: {{problem}}',
  problem: {
    missing: 'The edge has no clip for this detection.',
    refused_path: 'Refused: the edge gave an unsafe file path, so nothing was fetched.',
    redirect: 'Refused: the edge answered with a redirect.',
    not_audio: 'Refused: the edge’s answer was not audio.',
    too_large: 'Refused: the clip is larger than the console accepts.',
    timeout: 'The edge is too slow: no clip in time.',
    unreachable: 'The edge could not be reached.',
    edge_error: 'The edge failed to send the clip.',
    unauthorized: 'The edge refused the console’s token.',
    other: 'The clip could not be loaded.',
    undecodable: 'The clip arrived but this browser cannot decode it.',
  },
};

export const ko: typeof en = {
  play: '{{mic}}의 녹음 재생',
  pause: '{{mic}}의 녹음 일시정지',
  failed: '{{mic}}의 녹음 없음: {{problem}}',
  problem: {
    missing: '엣지에 이 감지의 녹음이 없습니다.',
    refused_path: '거부됨: 엣지가 안전하지 않은 파일 경로를 주어 아무것도 가져오지 않았습니다.',
    redirect: '거부됨: 엣지가 리디렉션으로 응답했습니다.',
    not_audio: '거부됨: 엣지의 응답이 오디오가 아닙니다.',
    too_large: '거부됨: 녹음이 콘솔이 받는 크기보다 큽니다.',
    timeout: '엣지가 너무 느립니다: 제시간에 녹음을 받지 못했습니다.',
    unreachable: '엣지에 연결할 수 없습니다.',
    edge_error: '엣지가 녹음을 보내지 못했습니다.',
    unauthorized: '엣지가 콘솔의 토큰을 거부했습니다.',
    other: '녹음을 불러오지 못했습니다.',
    undecodable: '녹음은 받았지만 이 브라우저가 해석할 수 없습니다.',
  },
};

registerTranslations('clip', en, ko);

declare module '@/lib/i18n' {
  interface Catalogues {
    clip: typeof en;
  }
}
