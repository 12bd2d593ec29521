import { check } from '../../src/checks/requests.js';
import { groupKey } from '../../src/checks/lib/group.js';
import { record, testCheck } from './helpers.js';

const img404 = { url: 'http://127.0.0.1:4000/img/hero.png', status: 404, failure: null, resourceType: 'image' };
const blocked = { url: 'https://ads.example.com/x.js', status: null, failure: 'net::ERR_FAILED', resourceType: 'script' };

testCheck(check, {
  valid: [
    { name: 'no failed request', units: [record()] },
    { name: 'ignored by glob', units: [record({ failedRequests: [blocked] })], options: { ignore: ['https://ads.example.com/*'] } },
    { name: 'the route document itself is left to http-status', units: [record({ failedRequests: [{ url: 'http://127.0.0.1:4000/checkout', status: 500, failure: null, resourceType: 'document' }] })] },
  ],
  invalid: [
    {
      name: 'a 404 image and a network failure',
      units: [record({ failedRequests: [img404, blocked] }), record({ viewport: 'mobile', failedRequests: [img404] })],
      findings: [
        { severity: 'important', viewport: 'desktop', message: ['image request answered HTTP 404', 'hero.png'], group: groupKey('requests', '/img/hero.png'), evidence: { text: img404.url, status: 404 } },
        { viewport: 'desktop', message: ['script request failed (net::ERR_FAILED)'], group: groupKey('requests', blocked.url) },
        { severity: 'important', viewport: 'mobile', message: ['image request answered HTTP 404', 'hero.png'], group: groupKey('requests', '/img/hero.png'), evidence: { file: 'checkout/default-mobile.png' } },
      ],
    },
    {
      name: 'a 404 followed by net::ERR_ABORTED for the same URL is one finding, named by its path on the page\'s origin',
      units: [record({ failedRequests: [img404, { ...img404, status: null, failure: 'net::ERR_ABORTED' }] })],
      findings: [{ message: 'image request answered HTTP 404: /img/hero.png', evidence: { text: img404.url } }],
    },
    {
      name: 'the app\'s own script, stylesheet and frame document that fail are blockers; another origin\'s script and an own image stay important',
      units: [record({ failedRequests: [
        { url: 'http://127.0.0.1:4000/assets/index.js', status: null, failure: 'net::ERR_CONNECTION_REFUSED', resourceType: 'script' },
        { url: 'http://127.0.0.1:4000/assets/index.css', status: 500, failure: null, resourceType: 'stylesheet' },
        { url: 'http://127.0.0.1:4000/embed/map', status: 404, failure: null, resourceType: 'document' },
        blocked, img404,
      ] })],
      findings: [
        { severity: 'blocker', message: 'script request failed (net::ERR_CONNECTION_REFUSED): /assets/index.js' },
        { severity: 'blocker', message: 'stylesheet request answered HTTP 500: /assets/index.css' },
        { severity: 'blocker', message: 'document request answered HTTP 404: /embed/map' },
        { severity: 'important', message: ['https://ads.example.com/x.js'] },
        { severity: 'important', message: ['/img/hero.png'] },
      ],
    },
    {
      name: 'a spec severity applies to the own bundle too',
      units: [record({ failedRequests: [{ url: 'http://127.0.0.1:4000/assets/index.js', status: 404, failure: null, resourceType: 'script' }] })], severity: 'important',
      findings: [{ severity: 'important' }],
    },
    {
      name: 'a glob that does not match keeps the finding',
      units: [record({ failedRequests: [img404] })], options: { ignore: ['*.css'] }, severity: 'polish',
      findings: [{ severity: 'polish' }],
    },
  ],
});
