import { Controller, Get, Header, UseInterceptors } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { OWNER_PAGE_CSP, OWNER_PAGE_HTML } from '../../page/owner-page';
import { OwnerHeadersInterceptor } from '../../http/owner-headers.interceptor';

/** GET /owner: the one self-contained page the owner URL opens (its data comes from /owner/api). */
@ApiExcludeController()
@Controller('owner')
@UseInterceptors(OwnerHeadersInterceptor)
export class OwnerPageController {
  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Content-Security-Policy', OWNER_PAGE_CSP)
  page(): string {
    return OWNER_PAGE_HTML;
  }
}
