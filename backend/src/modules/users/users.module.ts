import { Module } from '@nestjs/common';
import { ImpressionsCounter } from './impressions.counter';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  controllers: [UsersController],
  providers: [UsersRepository, UsersService, ImpressionsCounter],
  exports: [UsersRepository, UsersService, ImpressionsCounter],
})
export class UsersModule {}
